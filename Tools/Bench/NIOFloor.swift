import Connectivity
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The floor under any transport built on SwiftNIO: the same keep-alive GETs on one connection, sent by a bare pipeline
/// (SwiftNIO's HTTP/1.1 codec and a handler that sends the next request from the end of the last answer), all on the
/// event loop — no connection pool, no request state machine, no future per request, no waiting caller to resume.
/// AsyncHTTPClient adds its machinery on top of the same SwiftNIO; this is what is left without it.
enum NIOFloor {
    /// Connects to `url`'s host and port, sends `count` GETs of `url`'s path one after another on that connection, and
    /// returns the time from the first request to the last answer (the connection is made before the clock starts).
    static func roundTrips(url: URL, headers: [TransportHeader], count: Int, group: any EventLoopGroup) async throws -> Duration {
        guard let host = url.host, let port = url.port else { throw BenchFailure("the NIO floor needs a URL with a host and a port: \(url)") }
        var fields = HTTPHeaders()
        fields.add(name: "Host", value: "\(host):\(port)")
        for header in headers { fields.add(name: header.name, value: header.value) }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: url.path.isEmpty ? "/" : url.path, headers: fields)
        let loop = group.next()
        let done = loop.makePromise(of: Void.self)
        let handler = FloorHandler(head: head, count: count, done: done)
        let channel = try await ClientBootstrap(group: loop)
            .channelOption(ChannelOptions.socket(IPPROTO_TCP, TCP_NODELAY), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: host, port: port).get()
        let clock = ContinuousClock()
        let start = clock.now
        loop.execute { handler.begin() }
        do {
            try await done.futureResult.get()
        } catch {
            try? await channel.close().get()
            throw error
        }
        let elapsed = clock.now - start
        try? await channel.close().get()
        return elapsed
    }
}

/// Sends `head` and waits for the whole answer, `count` times. Used on its channel's event loop only.
private final class FloorHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private var remaining: Int
    private let done: EventLoopPromise<Void>
    private var context: ChannelHandlerContext?

    init(head: HTTPRequestHead, count: Int, done: EventLoopPromise<Void>) {
        self.head = head
        remaining = count
        self.done = done
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func begin() {
        guard let context else { return done.fail(ChannelError.ioOnClosedChannel) }
        send(context)
    }

    private func send(_ context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let response) where response.status.code / 100 != 2:
            done.fail(BenchFailure("the NIO floor's GET \(head.uri) answered \(response.status.code)"))
            context.close(promise: nil)
        case .head, .body:
            break
        case .end:
            remaining -= 1
            if remaining == 0 { done.succeed() } else { send(context) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        done.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.fail(ChannelError.ioOnClosedChannel)
    }
}
