import CICUShim

/// An ICU call failed; `code` is ICU's UErrorCode and `name` its symbolic name (e.g. `U_ILLEGAL_ARGUMENT_ERROR`).
public struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    public var operation: String
    public var code: Int32
    public var name: String

    init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = code
        self.name = String(cString: okicu_error_name(code))
    }

    public var description: String { "ICU \(operation) failed: \(name)" }
}

/// Runs an ICU call that writes UTF-16 into a buffer, growing the buffer once when ICU asks for more.
func icuString(
    _ operation: String,
    _ body: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32
) throws(ICUError) -> String {
    var status: Int32 = 0
    // Most formatted values fit in 128 code units; one retry covers the rest.
    let result: (String?, Int32, Int32) = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 128) { buffer in
        var status: Int32 = 0
        let length = body(buffer.baseAddress!, 128, &status)
        if okicu_failed(status) != 0 || length > 128 { return (nil, length, status) }
        return (String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: Int(length)), as: UTF16.self), length, status)
    }
    if let text = result.0 { return text }
    if result.2 != okicu_buffer_overflow_status() && okicu_failed(result.2) != 0 {
        throw ICUError(operation, code: result.2)
    }
    let needed = Int(result.1) + 1
    var buffer = [UInt16](repeating: 0, count: needed)
    let length = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32(needed), &status) }
    if okicu_failed(status) != 0 { throw ICUError(operation, code: status) }
    return String(decoding: buffer.prefix(Int(length)), as: UTF16.self)
}

/// Opens an ICU object, turning a null result or a failure status into a typed error.
func icuOpen(_ operation: String, _ body: (UnsafeMutablePointer<Int32>) -> OpaquePointer?) throws(ICUError) -> OpaquePointer {
    var status: Int32 = 0
    let handle = body(&status)
    guard let handle, okicu_failed(status) == 0 else { throw ICUError(operation, code: status == 0 ? 1 : status) }
    return handle
}
