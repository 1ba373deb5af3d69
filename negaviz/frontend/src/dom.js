// Small DOM helpers shared by the stepper's parts.

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

export function injectStyle(root, css) {
  // Inside the stepper's own element, so it works in shadow roots and sandboxed frames alike.
  root.prepend(h("style", { text: css }));
}
