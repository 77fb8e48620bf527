"""Speech through `parlance wyoming`, with the `wyoming` package's client: describes the service, streams a
WAV file for recognition followed by silence *without* audio-stop (the transcript must come from the
service's own end-pointing), then asks for speech and measures the audio it gets. Prints one JSON line
per step. Usage: python wyoming_speech_client.py PORT FILE.wav TEXT
"""
import asyncio
import json
import sys
import wave

from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.client import AsyncTcpClient
from wyoming.info import Describe, Info
from wyoming.tts import Synthesize, SynthesizeVoice


async def main(port, path, text):
    with wave.open(path, "rb") as recording:
        rate, width, channels = recording.getframerate(), recording.getsampwidth(), recording.getnchannels()
        audio = recording.readframes(recording.getnframes())
    silence = bytes(width * channels * rate * 2)  # two seconds
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(Describe().event())
        info = Info.from_event(await client.read_event())
        print(json.dumps({"asr": [m.languages for p in info.asr for m in p.models],
                          "tts": [v.languages for p in info.tts for v in p.voices]}), flush=True)

        await client.write_event(Transcribe(language="en").event())
        await client.write_event(AudioStart(rate=rate, width=width, channels=channels).event())
        stream = audio + silence
        step = 1024 * width * channels
        for offset in range(0, len(stream), step):
            await client.write_event(AudioChunk(rate=rate, width=width, channels=channels,
                                                audio=stream[offset:offset + step]).event())
        event = await asyncio.wait_for(client.read_event(), timeout=60)
        if Transcript.is_type(event.type):
            print(json.dumps({"transcript": Transcript.from_event(event).text, "before_stop": True}), flush=True)
        else:
            print(json.dumps({"type": event.type, "data": event.data}), flush=True)
        await client.write_event(AudioStop().event())

        await client.write_event(Synthesize(text=text, voice=SynthesizeVoice(language="en")).event())
        received, started = 0, None
        while True:
            event = await asyncio.wait_for(client.read_event(), timeout=60)
            if AudioStart.is_type(event.type):
                started = AudioStart.from_event(event)
            elif AudioChunk.is_type(event.type):
                received += len(AudioChunk.from_event(event).audio)
            elif AudioStop.is_type(event.type):
                break
            else:
                print(json.dumps({"type": event.type, "data": event.data}), flush=True)
                break
        seconds = received / (started.rate * started.width * started.channels) if started else 0
        print(json.dumps({"spoken_seconds": round(seconds, 2), "rate": started.rate if started else None}), flush=True)


asyncio.run(main(int(sys.argv[1]), sys.argv[2], sys.argv[3]))
