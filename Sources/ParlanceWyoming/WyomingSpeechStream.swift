import Foundation
import NIOCore
import NIOPosix
import ParlanceCore
import ParlanceSpeech
import Synchronization

/// An utterance streaming to a Wyoming speech-to-text service on a connection of its own, in the order the
/// protocol wants it:
///
///     start    →  transcribe (language, names), audio-start (the stream's rate, 16-bit mono)
///     append   →  audio-chunk, audio-chunk, …   (as the audio comes)
///     finish   →  audio-stop                    ←  transcript
///
/// Events are written without waiting: those sent while the connection opens go once it is open, in order.
/// Dropped unfinished, the stream closes its connection.
final class WyomingSpeechStream: SpeechStream {
    private let service: WyomingSpeechService
    private let format: [String: JSONValue]
    private let connection: EventLoopFuture<any Channel>
    /// The service's transcript; failed as soon as the exchange fails (unreachable, refused, closed).
    private let transcript: EventLoopPromise<String>
    private let finished = Mutex(false)
    /// Why the exchange failed, once it has: more audio is then refused at once.
    private let failure = Failed()

    init(service: WyomingSpeechService, language: String, sampleRate: Int) {
        self.service = service
        format = ["rate": .number(Double(sampleRate)), "width": .number(2), "channels": .number(1)]
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let transcript = loop.makePromise(of: String.self)
        self.transcript = transcript
        connection = ClientBootstrap(group: loop)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(WyomingEventDecoder()))
                    try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(WyomingEventEncoder()))
                    try channel.pipeline.syncOperations.addHandler(TranscriptReader(transcript: transcript))
                }
            }
            .connect(host: service.host, port: service.port)
        connection.whenFailure { error in transcript.fail(WyomingExchange.Failure.unreachable("\(error)")) }
        transcript.futureResult.whenFailure { [failure] error in
            failure.reason.withLock { $0 = error as? WyomingExchange.Failure ?? .closedEarly }
        }
        send(service.transcribe(language: language))
        send(WyomingEvent(type: "audio-start", data: format))
    }

    func append(_ samples: [Int16]) throws(SpeechError) {
        if let failed = failure.reason.withLock({ $0 }) { throw service.speechError(failed) }
        guard !finished.withLock({ $0 }) else { return }
        var offset = 0
        while offset < samples.count {
            let end = min(samples.count, offset + WyomingEvent.chunkBytes / 2)
            let pcm = WaveAudio(sampleRate: 16_000, samples: Array(samples[offset..<end])).pcm
            send(WyomingEvent(type: "audio-chunk", data: format, payload: pcm))
            offset = end
        }
    }

    func finish() async throws(SpeechError) -> [SpeechHypothesis] {
        guard !finished.withLock({ finished in defer { finished = true }; return finished }) else { return [] }
        send(WyomingEvent(type: "audio-stop"))
        // The service's whole answer is bounded from the end of the audio: the utterance may be long.
        let deadline = transcript.futureResult.eventLoop.scheduleTask(in: .nanoseconds(Int64(service.timeout / .nanoseconds(1)))) {
            [transcript] in transcript.fail(WyomingExchange.Failure.timedOut)
        }
        defer {
            deadline.cancel()
            close()
        }
        do {
            return WyomingSpeechService.readings(of: try await transcript.futureResult.get())
        } catch {
            throw service.speechError(error as? WyomingExchange.Failure ?? .closedEarly)
        }
    }

    deinit {
        close()
    }

    /// Writes `event` once the connection is open (callbacks on one event loop run in the order they were added).
    private func send(_ event: WyomingEvent) {
        connection.whenSuccess { channel in channel.writeAndFlush(event, promise: nil) }
    }

    private func close() {
        connection.whenSuccess { channel in channel.close(promise: nil) }
    }

    /// Why the exchange failed (set on the event loop, read by `append`).
    private final class Failed: Sendable {
        let reason = Mutex<WyomingExchange.Failure?>(nil)
    }

    /// Reads the service's answers into the transcript's promise; completing it again later does nothing.
    private final class TranscriptReader: ChannelInboundHandler {
        typealias InboundIn = WyomingEvent
        let transcript: EventLoopPromise<String>

        init(transcript: EventLoopPromise<String>) {
            self.transcript = transcript
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let event = unwrapInboundIn(data)
            switch event.type {
            case "transcript":
                if let text = event.string("text") {
                    transcript.succeed(text)
                } else {
                    transcript.fail(WyomingExchange.Failure.malformed("a transcript without text"))
                }
            case "error":
                transcript.fail(WyomingExchange.Failure.refused(event.string("text") ?? "no reason given"))
            default:
                break
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if let refusal = error as? WyomingEventDecoder.Refusal {
                transcript.fail(WyomingExchange.Failure.malformed(refusal.description))
            } else {
                transcript.fail(WyomingExchange.Failure.closedEarly)
            }
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            transcript.fail(WyomingExchange.Failure.closedEarly)
            context.fireChannelInactive()
        }
    }
}
