// The settings screens whose state restoration Traces/settings.jsonl records; the plugin draws
// that trace into Settings.docc/Resources.

/// The screens of the settings stack, by restoration identifier.
public enum SettingsScreen: String, CaseIterable, Sendable {
    case settings = "Settings"
    case account = "Account"
}
