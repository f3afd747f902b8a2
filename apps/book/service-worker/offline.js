// The offline page in the language the reader chose on the site (remembered under the same key), else the
// browser's: the page holds both, and this shows one, right to left for Urdu.
(() => {
  let language = null;
  try {
    language = localStorage.getItem("__LANGUAGE_KEY__");
  } catch {
    // No storage: the browser's preference decides.
  }
  if (language !== "en" && language !== "ur") {
    const asked = navigator.languages.find((tag) => tag.startsWith("en") || tag.startsWith("ur"));
    language = asked?.startsWith("ur") ? "ur" : "en";
  }
  const section = document.getElementById(`offline-${language}`);
  if (!section) return;
  for (const other of document.querySelectorAll("[data-language]")) other.hidden = other !== section;
  document.documentElement.lang = section.lang;
  document.documentElement.dir = section.dir;
  document.title = section.dataset.title ?? document.title;
  for (const button of document.querySelectorAll("[data-retry]")) {
    button.addEventListener("click", () => location.reload());
  }
})();
