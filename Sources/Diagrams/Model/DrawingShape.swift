// A readable page, not only a small node count: before layout, each view estimates the size of
// what it draws from its nodes' labels and, when the page would be far wider than tall (or the
// reverse), wraps its long sequences — rows into columns, sibling rows into several ranks — so
// the drawing stays within about 4:1 either way. The estimate is rough (labels measured as
// DejaVu Sans at 11 pt, about 6.2 points a character); the tests check the real layouts.

import Graphviz

/// Estimated sizes, in points, of what a view draws.
enum DrawingShape {
    /// The page ratio a wrapped drawing aims at (width over height): a screen's, a little wide.
    static let targetRatio = 1.4
    /// Drawings of fewer nodes are left as they are: the legend beside them keeps their page in shape.
    static let smallestReshaped = 40
    /// Wrapping starts only past this ratio either way, so small drawings stay as they were.
    static let wrapBeyond = 2.5

    /// The estimated size of `node` (label lines × DejaVu Sans 11 pt, with margins).
    static func size(of node: Node) -> (width: Double, height: Double) {
        guard case .label(let label)? = node.attributes["label"] else { return (54, 36) }
        let longest = label.lines.reduce(0) { max($0, $1.count) }
        return (max(54, Double(longest) * 6.2 + 4), max(36, Double(label.lines.count) * 14 + 8))
    }

    /// The bound a checked page keeps to, either way (under the 4:1 promised, for the title).
    static let limit = 3.5

    /// Whether a laid-out page of `width` × `height` points is past ``limit``.
    static func isBeyondLimit(width: Double, height: Double) -> Bool {
        guard width > 0, height > 0 else { return false }
        return width > height * limit || height > width * limit
    }

    /// Whether a drawing of `width` × `height` points needs wrapping.
    static func isOutOfShape(width: Double, height: Double) -> Bool {
        guard width > 0, height > 0 else { return false }
        return width > height * wrapBeyond || height > width * wrapBeyond
    }

    /// How far `width` × `height` is from the target ratio (0: on it), on a log scale.
    static func distance(width: Double, height: Double) -> Double {
        guard width > 0, height > 0 else { return .infinity }
        return abs(log(width / height) - log(targetRatio))
    }

    /// Splits `heights` (in order) into `columns` runs of about equal total height; returns the
    /// index each run starts at.
    static func columnStarts(_ heights: [Double], columns: Int) -> [Int] {
        guard columns > 1, heights.count > 1 else { return [0] }
        let total = heights.reduce(0, +)
        let share = total / Double(columns)
        var starts = [0]
        var sum = 0.0
        for (index, height) in heights.enumerated() {
            if sum >= share * Double(starts.count), index > starts.last!, starts.count < columns {
                starts.append(index)
            }
            sum += height
        }
        return starts
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
