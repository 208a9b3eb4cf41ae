// Stands in for `yaml` inside @fastify/swagger, joined into the server bundle (scripts/server-bundle.mjs):
// the plugin requires it at registration for a YAML document the server never serves, and it is
// dozens of modules; it loads here only if a YAML document is ever asked for.
module.exports = {
  stringify: (...args) => require('yaml').stringify(...args),
  parse: (...args) => require('yaml').parse(...args),
};
