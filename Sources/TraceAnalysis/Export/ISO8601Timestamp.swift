// ISO8601Timestamp: the trace header's `origin` (`2026-11-22T10:00:00.000Z`) as nanoseconds
// since the Unix epoch, parsed by hand so the result never depends on locale or time zone.

/// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
enum ISO8601Timestamp {
    /// Nanoseconds since 1970-01-01T00:00:00Z, or nil when `text` is not in that form.
    static func unixNanoseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ digits: Int) -> Int64? {
            guard position + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<digits {
                let byte = bytes[position]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
                position += 1
            }
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == character else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2), expect(UInt8(ascii: "T")) || expect(UInt8(ascii: " ")),
            let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")),
            let second = number(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var nanos: Int64 = 0
        if expect(UInt8(ascii: ".")) {
            var scale: Int64 = 100_000_000
            var digits = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                nanos += Int64(bytes[position] - 0x30) * scale
                scale /= 10
                position += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offsetSeconds: Int64 = 0
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[position] == UInt8(ascii: "+") ? 1 : -1
            position += 1
            guard let hours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = number(2) else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        return scaled + nanos
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
