import Synchronization

/// An utterance streaming into a `PocketSphinxRecognizer`'s decoder, resampled to its rate as it comes.
/// Dropped unfinished, it ends the utterance unheard, so the decoder is free for the next.
final class PocketSphinxStream: SpeechStream {
    private let recognizer: PocketSphinxRecognizer
    private struct Progress {
        var resampler: StreamResampler
        var finished = false
        /// The audio fed, kept when the decoder hears this utterance whole at the end instead.
        var fed: [Int16]?
    }
    private let progress: Mutex<Progress>

    /// - Parameter hearsWholeAtEnd: the decoder's first utterance: decoded as it comes, then heard again whole
    ///   at the end (see `PocketSphinxRecognizer`), which readies the decoder for the streams after it.
    init(recognizer: PocketSphinxRecognizer, resampler: StreamResampler, hearsWholeAtEnd: Bool) {
        self.recognizer = recognizer
        progress = Mutex(Progress(resampler: resampler, fed: hearsWholeAtEnd ? [] : nil))
    }

    func append(_ samples: [Int16]) throws(SpeechError) {
        let resampled = progress.withLock { progress -> [Int16] in
            guard !progress.finished else { return [] }
            let more = progress.resampler.resample(samples)
            progress.fed? += more
            return more
        }
        if !resampled.isEmpty { try recognizer.processStreamed(resampled) }
    }

    func finish() throws(SpeechError) -> [SpeechHypothesis] {
        let (alreadyFinished, fed) = progress.withLock { progress in
            defer { progress.finished = true }
            return (progress.finished, progress.fed)
        }
        guard !alreadyFinished else { return [] }
        guard let fed else { return try recognizer.endStreamed() }
        _ = try recognizer.endStreamed(abandon: true)
        return try recognizer.recognize(WaveAudio(sampleRate: recognizer.decoderRate, samples: fed), language: "en")
    }

    deinit {
        if !progress.withLock({ $0.finished }) { _ = try? recognizer.endStreamed(abandon: true) }
    }
}
