// The manifest's path is already declared in package.json ("customElements"); the analyzer must not
// rewrite package.json, least of all when the freshness test generates into a temporary folder.
export default {
  packagejson: false,
};
