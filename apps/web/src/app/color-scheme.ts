import { localStorageColorSchemeManager } from "@mantine/core";

/**
 * Light, dark or the system's scheme, remembered per browser. index.html reads the same key in its one
 * inline script, so the first paint already has the scheme.
 */
export const COLOR_SCHEME_KEY = "visadesk-color-scheme";

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
