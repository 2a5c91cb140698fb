import CZlib
import Foundation

/// gzip (RFC 1952) in one call, on the system's zlib: what the backend sends to a client that asks for it.
enum Gzip {
    /// `data` gzipped at `level` (zlib's default, 6); nil if zlib refuses (it never should for bytes in memory).
    static func compress(_ data: Data, level: Int32 = 6) -> Data? {
        var stream = z_stream()
        // 15 + 16: the largest window, with a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var output = Data(count: bound)
        let status = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int32 in
            output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Int32 in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.count = Int(stream.total_out)
        return output
    }
}
