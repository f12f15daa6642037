// Runeforge card files: starts `runeforge lsp` for YAML files (docs/editors.md).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("runeforge");
  const [command, ...args] = settings.get("command");
  const dirs = settings.get("dirs");
  client = new LanguageClient(
    "runeforge", "Runeforge",
    { command, args },
    {
      documentSelector: [{ scheme: "file", language: "yaml" }],
      initializationOptions: dirs.length ? { dirs } : {},
    });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
