import type { Plugin } from "vite";

const REACT_HOOK_FORM = /\/node_modules\/react-hook-form\/dist\/index\.esm\.mjs$/;

/** The state update useForm makes in its layout effect on mount, to be left out. */
export const READY_STATE_UPDATE = `        updateFormState((data) => ({
            ...data,
            isReady: true,
        }));
`;

/**
 * react-hook-form's useForm marks the form ready with a state update in a layout effect: every form
 * rendered twice on mount, the second time synchronously, in the task of the commit (on the consultant
 * form, a slow phone's longest task). The form's control is still marked ready by the lines that follow,
 * so its fields and validation behave the same; only `formState.isReady` stays false, and no screen reads
 * it. Should the installed version no longer have this update, the build fails rather than ship it as is.
 */
export function formReadyOnce(): Plugin {
  return {
    name: "visadesk-form-ready-once",
    enforce: "pre",
    transform(code, id) {
      if (!REACT_HOOK_FORM.test(id)) return null;
      if (!code.includes(READY_STATE_UPDATE)) {
        this.error("react-hook-form's useForm no longer makes the ready state update this build leaves out");
      }
      return { code: code.replace(READY_STATE_UPDATE, ""), map: null };
    },
  };
}
