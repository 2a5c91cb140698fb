/// Converts UTF-16 offsets into line/column positions, scanning forward from the last answer so that
/// asking for positions in file order costs one pass over the text in total.
struct SourcePositionTracker {
    private let units: UnsafeBufferPointer<UInt16>
    private var offset = 0
    private var line = 1
    private var column = 1

    init(units: UnsafeBufferPointer<UInt16>) {
        self.units = units
    }

    /// The position of the code unit at `target` (or of the end of the text when `target == units.count`).
    mutating func position(of target: Int) -> SourcePosition {
        let clamped = max(0, min(target, units.count))
        if clamped < offset {
            offset = 0
            line = 1
            column = 1
        }
        let raw = units.baseAddress.map(UnsafeRawPointer.init)
        while offset < clamped {
            // Four code units at a time (one 64-bit word) while none is a line break (or another control below
            // 0x0E) or the second half of a surrogate pair — nearly all text: each counts one column. The tests are
            // the classic "has a lane less than n" / "has a zero lane" word tricks, exact for "any lane".
            if let raw {
                let ones: UInt64 = 0x0001_0001_0001_0001
                let highBits: UInt64 = 0x8000_8000_8000_8000
                // Wrapping arithmetic: the offsets are bounded by the buffer, and overflow checks cost as much as the test.
                while offset &+ 4 <= clamped {
                    let word = raw.loadUnaligned(fromByteOffset: offset &* 2, as: UInt64.self)
                    let control = (word &- ones &* 0x0E) & ~word & highBits
                    let surrogateBits = (word ^ 0xDC00_DC00_DC00_DC00) & 0xFC00_FC00_FC00_FC00
                    let lowSurrogate = (surrogateBits &- ones) & ~surrogateBits & highBits
                    if control | lowSurrogate != 0 { break }
                    column &+= 4
                    offset &+= 4
                }
            }
            // The chunk that stopped the fast loop, one unit at a time.
            let stop = min(clamped, offset + 4)
            while offset < stop {
                let unit = units[offset]
                if unit == 0x0A {
                    // "\r\n" is one break: the "\r" already started the new line.
                    if offset == 0 || units[offset - 1] != 0x0D {
                        line += 1
                    }
                    column = 1
                } else if unit == 0x0D {
                    line += 1
                    column = 1
                } else if unit & 0xFC00 == 0xDC00 && offset > 0 && units[offset - 1] & 0xFC00 == 0xD800 {
                    // The second half of a surrogate pair belongs to the scalar already counted.
                } else {
                    column += 1
                }
                offset += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    func position(atEndOf count: Int) -> SourcePosition {
        var copy = self
        return copy.position(of: count)
    }

    /// CoreFoundation's `lineNumberStrings`: 1 + the number of line breaks before `target`.
    static func coreFoundationLine(in units: UnsafeBufferPointer<UInt16>, before target: Int) -> Int {
        var tracker = SourcePositionTracker(units: units)
        return tracker.position(of: target).line
    }
}
