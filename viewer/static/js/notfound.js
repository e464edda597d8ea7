// The "nothing here" page: only the header's sign-in box is live.
import { startSession } from "./session.js";

await startSession();
document.body.dataset.ready = "true";
