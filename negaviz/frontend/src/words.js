// The words of practice come from Python (negaviz/quiz/words.json, in the scene's
// practice data as practice.words): this fills one in, as negaviz.quiz.words.fill does.

/**
 * A template with each {part} filled in; a pair of templates is [one, many], chosen by n.
 * @param {string|string[]} template
 * @param {object} [parts]
 * @returns {string}
 */
export function fill(template, parts = {}) {
  const text = Array.isArray(template) ? template[parts.n === 1 ? 0 : 1] : template;
  return text.replace(/\{(\w+)\}/g, (_, part) => String(parts[part]));
}
