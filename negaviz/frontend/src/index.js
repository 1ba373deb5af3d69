// The front-end's public surface.  negaviz/frontend/stepper.js, the one module the widgets,
// exported pages and static notebook pages load, is these sources joined in import order
// (tools/bundle_js.py); its default export is this module's.

import { render } from "./render.js";
import { SceneData } from "./scene-data.js";

export { render, SceneData };
export { look } from "./look.js";
export { stackRows } from "./panels.js";
export { makeFmt, fixedHalfEven, g4 } from "./values.js";

export default { render, SceneData };
