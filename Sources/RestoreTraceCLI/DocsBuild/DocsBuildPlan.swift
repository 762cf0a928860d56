// What a docs build makes: one file per input and view, named `NAME.VIEW.FORMAT` (NAME the input's
// file name without its last extension), and `NAME.VIEW~dark.FORMAT` beside it when DocC's dark
// variants are asked for. Two inputs that would make the same file are refused before any drawing.

import RestoreTrace

struct DocsBuildPlan {
    /// One file of the build.
    struct Item {
        var input: DocsBuildInput
        var view: DocsBuildView
        var theme: DiagramTheme
        /// The file name inside the output folder.
        var name: String
    }

    /// The files, grouped by input in input order, each input's views in file-name order.
    private(set) var items: [Item] = []

    /// The suffix DocC gives an image's dark-appearance variant (`name~dark.svg`).
    static let darkSuffix = "~dark"

    /// Plans `views` of every input that has them; with `darkVariants`, a dark file beside each light one.
    init(inputs: [DocsBuildInput], views: [DocsBuildView], format: OutputFormat, theme: DiagramTheme, darkVariants: Bool)
        throws(RenderCommand.RenderFailure)
    {
        var maker: [String: String] = [:]
        for input in inputs {
            let stem = RenderCommand.stem(of: PathName.lastComponent(input.path))
            for view in DocsBuildView.views(of: input.kind) where views.contains(view) {
                var variants = [(theme, "")]
                if darkVariants { variants.append((.dark, DocsBuildPlan.darkSuffix)) }
                for (variantTheme, suffix) in variants {
                    let name = "\(stem).\(view.rawValue)\(suffix).\(format.fileExtension)"
                    if let earlier = maker[name] {
                        throw RenderCommand.RenderFailure(message: "\(earlier) and \(input.path) would both make \(name); "
                            + "rename one, or draw them into different folders")
                    }
                    maker[name] = input.path
                    items.append(Item(input: input, view: view, theme: variantTheme, name: name))
                }
            }
        }
    }

    /// Whether `name` is a file a docs build makes (`NAME.VIEW.FORMAT`, `NAME.VIEW~dark.FORMAT`):
    /// what --prune may remove. Anything else in the folder (a photo, a page) is never touched.
    static func isDiagramName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[0].isEmpty, OutputFormat(fileExtension: String(parts[parts.count - 1])) != nil,
              parts[parts.count - 1] != "gv"
        else { return false }
        var view = parts[parts.count - 2]
        if view.hasSuffix(darkSuffix) { view = view.dropLast(darkSuffix.count) }
        return DocsBuildView(rawValue: String(view)) != nil
    }
}
