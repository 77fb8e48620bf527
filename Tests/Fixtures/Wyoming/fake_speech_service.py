"""A fake Wyoming speech service made with the `wyoming` package: speech to text and text to speech that
encode text into audio and back exactly, so tests can check what Parlance sends and receives over the
protocol without a real engine. Text becomes its UTF-8 bytes, one byte per sample (value × 100), sent
as 22,050 Hz stereo in chunks; speech becomes text the same way in reverse. "please fail" is answered
with an error event; "please hang" is never answered. Each transcribe and synthesize request is logged as a JSON line to LOG (its
language, and the names or the text), and so are a transcription's audio events as they arrive (audio-start with its rate, each
audio-chunk's bytes, audio-stop) and each connection's end, so a test can tell audio streamed from audio sent at the end. Prints
the port it listens on and stops when its standard input closes (a test's processes may start with SIGTERM blocked). Usage: python fake_speech_service.py LOG
"""
import asyncio
import json
import os
import sys
import threading

from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.error import Error
from wyoming.info import AsrModel, AsrProgram, Attribution, Describe, Info, TtsProgram, TtsVoice
from wyoming.server import AsyncEventHandler
from wyoming.tts import Synthesize

# Spanish too, which Parlance does not understand: `parlance wyoming` must not offer it.
# FAKE_SPEECH_LANGUAGES (comma-separated) names others.
LANGUAGES = os.environ.get("FAKE_SPEECH_LANGUAGES", "de,en,es,fr,it,ja,zh").split(",")
ATTRIBUTION = Attribution(name="Parlance tests", url="https://example.invalid")
RATE, WIDTH, CHANNELS = 22050, 2, 2


def info():
    model = AsrModel(name="bytes", attribution=ATTRIBUTION, installed=True, description="text in audio",
                     version="1", languages=LANGUAGES)
    voice = TtsVoice(name="bytes-voice", attribution=ATTRIBUTION, installed=True, description="text as audio",
                     version="1", languages=LANGUAGES)
    return Info(asr=[AsrProgram(name="fake-asr", attribution=ATTRIBUTION, installed=True, description=None,
                                version="1", models=[model])],
                tts=[TtsProgram(name="fake-tts", attribution=ATTRIBUTION, installed=True, description=None,
                                version="1", voices=[voice])])


def encode(text):
    frames = bytearray()
    for byte in text.encode("utf-8"):
        sample = (byte * 100).to_bytes(2, "little", signed=True)
        frames += sample * CHANNELS
    return bytes(frames)


def decode(audio, width, channels):
    step = width * channels
    values = [int.from_bytes(audio[i:i + 2], "little", signed=True) for i in range(0, len(audio) - step + 1, step)]
    return bytes(round(v / 100) & 0xFF for v in values).decode("utf-8", "replace")


class Handler(AsyncEventHandler):
    def __init__(self, log, *args):
        super().__init__(*args)
        self.log = log
        self.audio = bytearray()
        self.format = (2, 1)

    async def handle_event(self, event):
        if Describe.is_type(event.type):
            await self.write_event(info().event())
        elif Transcribe.is_type(event.type):
            request = Transcribe.from_event(event)
            with open(self.log, "a", encoding="utf-8") as log:
                log.write(json.dumps({"language": request.language, "names": request.transcript_names}) + "\n")
            self.audio = bytearray()
        elif AudioStart.is_type(event.type):
            start = AudioStart.from_event(event)
            self.format = (start.width, start.channels)
            self.note({"audio-start": start.rate})
        elif AudioChunk.is_type(event.type):
            chunk = AudioChunk.from_event(event).audio
            self.audio += chunk
            self.note({"audio-chunk": len(chunk)})
        elif AudioStop.is_type(event.type):
            self.note({"audio-stop": True})
            text = decode(bytes(self.audio), *self.format)
            if text == "please hang":
                return True
            if text == "please fail":
                await self.write_event(Error(text="the fake was asked to fail", code="asked").event())
            else:
                await self.write_event(Transcript(text=text).event())
        elif Synthesize.is_type(event.type):
            request = Synthesize.from_event(event)
            with open(self.log, "a", encoding="utf-8") as log:
                language = request.voice.language if request.voice else None
                log.write(json.dumps({"synthesize": request.text, "language": language}) + "\n")
            if request.text == "please hang":
                return True
            if request.text == "please fail":
                await self.write_event(Error(text="the fake was asked to fail", code="asked").event())
                return True
            audio = encode(request.text)
            await self.write_event(AudioStart(rate=RATE, width=WIDTH, channels=CHANNELS).event())
            for offset in range(0, len(audio), 1000):
                chunk = AudioChunk(rate=RATE, width=WIDTH, channels=CHANNELS, audio=audio[offset:offset + 1000])
                await self.write_event(chunk.event())
            await self.write_event(AudioStop().event())
        return True

    async def disconnect(self):
        self.note({"closed": True})

    def note(self, entry):
        with open(self.log, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")


def exit_when_input_closes():
    sys.stdin.buffer.read()
    os._exit(0)


async def main(log):
    threading.Thread(target=exit_when_input_closes, daemon=True).start()
    server = await asyncio.start_server(lambda reader, writer: Handler(log, reader, writer).run(), "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


asyncio.run(main(sys.argv[1]))
