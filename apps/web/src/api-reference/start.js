// Starts Scalar's viewer on the public API's reference page (/api/v1/docs, written by the server). The build copies
// this file and Scalar's standalone script beside the app, so the page loads nothing from elsewhere: the document
// comes from this server, and the features that call Scalar's services (telemetry, the AI agent, MCP) are off. The
// viewer's stylesheet still names its fonts on Scalar's servers; the page's policy refuses them (system fonts show).
const mount = document.getElementById('api-reference');
if (mount) {
  window.Scalar.createApiReference(mount, {
    url: mount.dataset.documentUrl,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    defaultOpenAllTags: true,
  });
}
