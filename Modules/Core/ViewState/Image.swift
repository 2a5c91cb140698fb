public import Foundation

/// An image's size in pixels, as its file states it.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }

    /// The size a PNG file states in its header (the first chunk, `IHDR`); nil when `data` is not a PNG.
    public init?(png data: Data) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func uint32(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (uint32(16), uint32(20))
        guard width > 0, height > 0 else { return nil }
        self.init(width: width, height: height)
    }
}

/// An image a screen shows: the reference it was loaded from, and its pixel size when it is on this device.
public struct ImageNode: Sendable, Hashable {
    /// Where the image comes from (`img/em-200.png`): user data, never translated.
    public var reference: String
    /// Its pixel size when the image was fetched and kept (shown offline too); nil draws a placeholder.
    public var size: PixelSize?
    /// What a screen reader says for it; nil when the image is decorative (the row names the item).
    public var accessibilityLabel: Copy?

    public init(reference: String, size: PixelSize?, accessibilityLabel: Copy? = nil) {
        self.reference = reference
        self.size = size
        self.accessibilityLabel = accessibilityLabel
    }
}
