// The front-end's entry: negaviz/frontend/stepper.js, the one module the widgets,
// exported pages and static notebook pages load, is bundled from here by esbuild
// (tools/bundle_js.py).  Its only export is the default one, anywidget's: a module that
// also exported a named `render` would be read the old way, with a warning.

import { render } from "./render.js";
import { SceneData } from "./scene-data.js";

export default { render, SceneData };
