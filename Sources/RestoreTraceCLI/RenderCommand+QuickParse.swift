// `render`'s command line read without ArgumentParser when it is plainly well formed. Building
// ArgumentParser's model of the whole command tree costs about 3 ms of a render's start (its
// reflection asks the Swift runtime about thousands of protocol conformances), which is more
// than a small trace takes to read. Anything out of the ordinary — help, an unknown or repeated
// option, a missing or odd value — is left to ArgumentParser, which reports it as usual.

import RestoreTrace

extension RenderCommand {
    /// The settings `arguments` (what follows `render`) stand for, or nil when ArgumentParser
    /// must read them. Gives the same settings as ArgumentParser's command for every line it accepts.
    static func quicklyParsed(_ arguments: ArraySlice<String>) -> RenderSettings? {
        var inputs: [String] = []
        var output: String?
        var view: View?
        var format: Format?
        var theme: Theme?
        var maxNodes: Int?
        var heat = false
        var skipBadLines = false
        var onlyInputs = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if onlyInputs || argument == "-" || !argument.hasPrefix("-") {
                inputs.append(argument)
                continue
            }
            if argument == "--" {
                onlyInputs = true
                continue
            }
            var name = Substring(argument)
            var attached: Substring?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                attached = argument[argument.index(after: equals)...]
            }
            switch name {
            case "--heat", "--skip-bad-lines":
                guard attached == nil else { return nil }
                if name == "--heat" {
                    guard !heat else { return nil }
                    heat = true
                } else {
                    guard !skipBadLines else { return nil }
                    skipBadLines = true
                }
            case "-o", "--output", "--view", "--format", "--theme", "--max-nodes":
                let text: String
                if let attached {
                    text = String(attached)
                } else {
                    guard index < arguments.endIndex else { return nil }
                    text = arguments[index]
                    index += 1
                    // Only --max-nodes takes a value that looks like an option (a negative number).
                    if text.hasPrefix("-") && text != "-" && name != "--max-nodes" { return nil }
                }
                switch name {
                case "-o", "--output":
                    guard output == nil else { return nil }
                    output = text
                case "--view":
                    guard view == nil, let value = View(rawValue: text) else { return nil }
                    view = value
                case "--format":
                    guard format == nil, let value = Format(rawValue: text) else { return nil }
                    format = value
                case "--theme":
                    guard theme == nil, let value = Theme(rawValue: text) else { return nil }
                    theme = value
                default:
                    guard maxNodes == nil, let value = Int(text) else { return nil }
                    maxNodes = value
                }
            default:
                return nil
            }
        }
        guard !inputs.isEmpty else { return nil }
        return RenderSettings(inputs: inputs, output: output, view: view, format: format, theme: theme ?? .light,
                              maxNodes: maxNodes ?? DiagramOptions.defaultMaximumNodes, heat: heat, skipBadLines: skipBadLines)
    }
}
