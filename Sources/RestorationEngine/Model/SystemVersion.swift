// SystemVersion: an iOS version such as `13.2`, compared number by number (the secure pair
// exists from 13.2; scenarios and the engine both ask).

/// A dotted system version (`13.2`), compared numerically.
struct SystemVersion: Comparable {
    let parts: [Int]
    init(_ text: String) { parts = text.split(separator: ".").map { Int($0) ?? 0 } }
    static func < (a: Self, b: Self) -> Bool {
        for index in 0..<max(a.parts.count, b.parts.count) {
            let x = index < a.parts.count ? a.parts[index] : 0
            let y = index < b.parts.count ? b.parts[index] : 0
            if x != y { return x < y }
        }
        return false
    }
    static func == (a: Self, b: Self) -> Bool { !(a < b) && !(b < a) }
}
