// printf-style number formatting (`%.2f`, `%7.1f`) through the C library, for the benchmark and
// progress lines. Foundation's String(format:) would link the whole of swift-corelibs-foundation
// into every program.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum CFormat {
    /// `format` with `arguments` filled in as C's `snprintf` does it (in the C locale: `.` for the decimal point).
    package static func string(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            // `vsnprintf` consumes the list: a longer text is formatted again from a fresh one.
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            if needed < buffer.count { return String(decoding: buffer.prefix(max(needed, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            return withVaList(arguments) { again in
                var larger = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&larger, larger.count, format, again)
                return String(decoding: larger.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }
}
