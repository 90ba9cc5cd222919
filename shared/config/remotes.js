/**
 * The remotes of the product, each one's identity in one place (`remotes.json`): federation name (the key of
 * `remotes.json` at run time and a global of the page, so a JavaScript identifier that is no browser global),
 * package folder, standalone dev-server port, the paths the host mounts it at, who may open them, the name
 * its area shows in loading and error texts, and its label in the shell's navigation. Read by the scripts, the
 * server's remote catalog, the host (routes, page preloading, display names, navigation) and every remote's
 * webpack config; the workflows call one reusable pipeline with the package name.
 */
const REMOTES = require('./remotes.json');

/** A remote by its federation name or package folder. */
function findRemote(nameOrPkg) {
  return REMOTES.find((remote) => remote.name === nameOrPkg || remote.pkg === nameOrPkg);
}

module.exports = { REMOTES, findRemote };
