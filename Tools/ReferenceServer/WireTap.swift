import Core
import NIOCore

/// Bytes the server read and wrote on its connections, headers included: what a refresh costs on the wire.
public struct WireBytes: Sendable, Equatable {
    /// Requests as they arrived.
    public var received: Int
    /// Answers as they left (status lines, headers, bodies as sent: gzipped when they were).
    public var sent: Int

    public var total: Int { received + sent }
}

/// Counts the bytes of every connection (`ReferenceServer.wireBytes`), and holds the one slow link that
/// `FaultConfiguration.bandwidthKbps` makes: every connection's bytes queue on it, as a phone's connections share its radio.
final class WireLink: Sendable {
    private struct State {
        var bytes = WireBytes(received: 0, sent: 0)
        /// When the link has sent everything queued so far.
        var freeAt = NIODeadline.uptimeNanoseconds(0)
    }

    private let state = Locked(State())
    /// The current bandwidth in kbit/s (the faults'), nil for no limit.
    let bandwidthKbps: @Sendable () -> Int?

    init(bandwidthKbps: @escaping @Sendable () -> Int?) {
        self.bandwidthKbps = bandwidthKbps
    }

    var bytes: WireBytes { state.withLock { $0.bytes } }

    func resetCounts() { state.withLock { $0.bytes = WireBytes(received: 0, sent: 0) } }

    func received(_ count: Int) { state.withLock { $0.bytes.received += count } }

    /// Counts `count` bytes sent; with a bandwidth limit, returns when they will have crossed the link (nil: at once).
    func send(_ count: Int, now: NIODeadline) -> NIODeadline? {
        let limit = bandwidthKbps()
        return state.withLock { state -> NIODeadline? in
            state.bytes.sent += count
            guard let limit, limit > 0 else { return nil }
            let nanoseconds = Int64(count) * 8 * 1_000_000 / Int64(limit)
            state.freeAt = max(state.freeAt, now) + .nanoseconds(nanoseconds)
            return state.freeAt
        }
    }
}

/// Sits next to the socket of every connection: counts what is read and written, and holds each written piece until
/// the slow link (if any) has carried it, so the client receives an answer at the link's pace. Order is kept: pieces
/// leave in the order they were written, and a close waits for the pieces before it.
final class WireTap: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// A slow link carries big writes in pieces, so an answer trickles in rather than arriving at once at the end.
    static let pieceBytes = 16 * 1024

    private struct Piece { var data: IOData; var promise: EventLoopPromise<Void>?; var due: NIODeadline }

    private let link: WireLink
    private var queue: [Piece] = []
    private var timer: Scheduled<Void>?
    private var closeAfterQueue: (mode: CloseMode, promise: EventLoopPromise<Void>?)?

    init(link: WireLink) {
        self.link = link
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        link.received(unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let io = unwrapOutboundIn(data)
        guard case var .byteBuffer(buffer) = io else {
            _ = link.send(io.readableBytes, now: .now())
            return enqueueOrWrite(context, Piece(data: io, promise: promise, due: .now()))
        }
        // Without a limit the whole write passes at once (counted); with one it is cut into pieces with their own times.
        guard link.bandwidthKbps().map({ $0 > 0 }) ?? false else {
            _ = link.send(buffer.readableBytes, now: .now())
            return enqueueOrWrite(context, Piece(data: io, promise: promise, due: .now()))
        }
        while buffer.readableBytes > 0 {
            let piece = buffer.readSlice(length: min(Self.pieceBytes, buffer.readableBytes))!
            let due = link.send(piece.readableBytes, now: .now()) ?? .now()
            // The write's promise completes with its last piece.
            queue.append(Piece(data: .byteBuffer(piece), promise: buffer.readableBytes == 0 ? promise : nil, due: due))
        }
        schedule(context)
    }

    func flush(context: ChannelHandlerContext) {
        // Queued pieces are flushed as they leave.
        if queue.isEmpty { context.flush() }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard !queue.isEmpty, mode != .input else { return context.close(mode: mode, promise: promise) }
        closeAfterQueue = (mode, promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        dropQueue()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        dropQueue()
    }

    private func enqueueOrWrite(_ context: ChannelHandlerContext, _ piece: Piece) {
        if queue.isEmpty {
            context.write(wrapOutboundOut(piece.data), promise: piece.promise)
        } else {
            queue.append(piece)
        }
    }

    private func schedule(_ context: ChannelHandlerContext) {
        guard timer == nil, let first = queue.first else { return }
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: first.due) { [self] in
            timer = nil
            release(context)
        }
    }

    /// Writes every piece whose time has come, flushes them, and waits for the next.
    private func release(_ context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        var released = 0
        while let first = queue.first, first.due <= now {
            queue.removeFirst()
            context.write(wrapOutboundOut(first.data), promise: first.promise)
            released += 1
        }
        if released > 0 { context.flush() }
        if queue.isEmpty, let close = closeAfterQueue {
            closeAfterQueue = nil
            context.close(mode: close.mode, promise: close.promise)
        }
        schedule(context)
    }

    private func dropQueue() {
        timer?.cancel()
        timer = nil
        let pending = queue
        queue = []
        for piece in pending { piece.promise?.fail(ChannelError.ioOnClosedChannel) }
        closeAfterQueue?.promise?.fail(ChannelError.ioOnClosedChannel)
        closeAfterQueue = nil
    }
}

/// Hummingbird adds its extra handlers after the HTTP codec; this one puts a `WireTap` next to the socket instead,
/// where the bytes are the wire's, then passes everything through.
final class WireTapInstaller: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny

    private let link: WireLink

    init(link: WireLink) {
        self.link = link
    }

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.pipeline.syncOperations.addHandler(WireTap(link: link), position: .first)
    }
}
