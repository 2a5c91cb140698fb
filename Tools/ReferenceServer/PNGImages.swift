import Foundation

/// Small, real PNG files for the cart's image references: one colour per name (so two products look different),
/// 120×120 pixels, a one-colour palette at 1 bit per pixel (about 2 KB), written with stored (uncompressed) deflate
/// blocks — any PNG decoder reads them.
enum PNGImages {
    static let side = 120

    /// The image served for `name` (`em-200.png`), or nil for a name that is not a `.png` file name.
    static func image(named name: String) -> Data? {
        guard name.hasSuffix(".png"), name.count > 4, !name.contains("/") else { return nil }
        let digest = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }  // FNV-1a: a stable colour
        let rgb = [UInt8(truncatingIfNeeded: digest >> 16), UInt8(truncatingIfNeeded: digest >> 8), UInt8(truncatingIfNeeded: digest)]
        return png(width: side, height: side, rgb: rgb)
    }

    static func png(width: Int, height: Int, rgb: [UInt8]) -> Data {
        let rowBytes = (width + 7) / 8
        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * height)
        for _ in 0..<height { raw += [0] + Array(repeating: 0, count: rowBytes) }  // filter none; every pixel palette entry 0
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be32(width) + be32(height) + [1, 3, 0, 0, 0])  // 1-bit, palette, deflate, no filter, no interlace
        file += chunk("PLTE", rgb)
        file += chunk("IDAT", zlibStored(raw))
        file += chunk("IEND", [])
        return Data(file)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    /// A zlib stream of stored blocks (at most 65,535 bytes each) with its Adler-32.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }

    private static func be32(_ value: Int) -> [UInt8] {
        [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
