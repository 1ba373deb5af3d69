// How values are written: exactly as negaviz.vocabulary.fmt writes them.
//
// Tested against fmt itself (tests/test_vocabulary.py runs this module in node).

// A number as the scene sends it: JSON has no infinities, so they travel as "inf", "-inf".
export function num(x) {
  if (x === "inf") return Infinity;
  if (x === "-inf") return -Infinity;
  return x;
}

// Data as it crossed from the kernel, with every missing value as null.  Python's None
// arrives as null through JSON, but as undefined through Pyodide's to_js (the course
// site's kernel): each part of the page then reads one form.  Arrays and plain objects
// are walked (in place: the data is the page's own); keys that are absent stay absent.
export function nullify(x) {
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      if (v === undefined) x[i] = null;
      else if (v !== null && typeof v === "object") nullify(v);
    }
  } else if (x !== null && typeof x === "object" && !ArrayBuffer.isView(x)) {
    for (const k of Object.keys(x)) {
      const v = x[k];
      if (v === undefined) x[k] = null;
      else if (v !== null && typeof v === "object") nullify(v);
    }
  }
  return x;
}

// v.toFixed(d), but an exact tie goes to the even last digit, as Python rounds (toFixed
// rounds it away from zero).  toFixed(100) is v's exact expansion here (|v| >= 1e-4).
export function fixedHalfEven(v, d) {
  const text = v.toFixed(d);
  const full = Math.abs(v).toFixed(100);
  const dot = full.indexOf(".");
  if (!/^50*$/.test(full.slice(dot + 1 + d))) return text;
  const down = full.slice(0, d ? dot + 1 + d : dot);
  return Number(down[down.length - 1]) % 2 ? text : (v < 0 ? "-" : "") + down;
}

// Python's f"{v:.4g}" for a finite, non-whole v: 4 significant digits, trailing zeros
// dropped, an exponent of two digits or more outside 1e-4..1e4.
export function g4(v) {
  const [mantissa, e] = v.toExponential(3).split("e");
  const exp = Number(e);
  if (exp >= -4 && exp < 4) {
    const fixed = fixedHalfEven(v, 3 - exp);
    return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
  }
  return mantissa.replace(/\.?0+$/, "") + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
}

// Values written exactly as negaviz.vocabulary.fmt writes them: 5, −3 (a true minus),
// ∞, −∞, ? when unknown.  The scene's table holds every non-whole value of its trace as
// Python wrote it (keyed by String(v)); g4 is for anything else.
export function makeFmt(table) {
  return (v) => {
    if (v === null || v === undefined) return "?";
    if (v === Infinity) return "∞";
    if (v === -Infinity) return "−∞";
    if (Object.is(v, -0)) v = 0;
    const known = table[String(v)];
    if (known !== undefined) return known;
    const text = !Number.isInteger(v) ? g4(v) : Number.isSafeInteger(v) ? String(v) : BigInt(v).toString();
    return text.replaceAll("-", "−");
  };
}

// A node's window (alpha, beta) as the reader sees it: negating a window swaps its ends
// (sg < 0, the minimax view of the second player's nodes).
export function seenWindow(alpha, beta, sg) {
  if (sg >= 0) return [alpha, beta];
  return [beta === null ? null : -beta, alpha === null ? null : -alpha];
}
