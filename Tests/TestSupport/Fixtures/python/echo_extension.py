#!/usr/bin/env python3
"""A Parlance Intents extension in Python, written from docs/protocol.md alone.

It serves INSendMessageIntent: every recipient resolves to itself, the content must not be empty,
confirm answers ready, and handle "sends" the message by logging it to stderr.
"""
import json
import sys


def reply(request_id, result=None, error=None):
    message = {"jsonrpc": "2.0", "id": request_id}
    if error is not None:
        message["error"] = error
    else:
        message["result"] = result
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def resolve(intent, parameter):
    values = intent.get("parameters", {})
    if parameter == "recipients":
        people = values.get("recipients") or []
        if not people:
            return [{"result": "INSendMessageRecipientResolutionResult", "outcome": "needsValue"}]
        return [{"result": "INSendMessageRecipientResolutionResult", "outcome": "success", "value": person}
                for person in people]
    if parameter == "content":
        content = (values.get("content") or "").strip()
        if not content:
            return [{"result": "INStringResolutionResult", "outcome": "needsValue"}]
        return [{"result": "INStringResolutionResult", "outcome": "success", "value": content}]
    return None  # not resolved here: the assistant takes the value as it is


def response(code):
    return {"response": "INSendMessageIntentResponse", "code": code, "properties": {}}


def serve():
    initialized = False
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError:
            reply(None, error={"code": -32700, "message": "the line is not valid JSON"})
            continue
        request_id = request.get("id")
        method = request.get("method")
        params = request.get("params") or {}
        if method == "initialize":
            if params.get("protocolVersion") != 1:
                reply(request_id, error={"code": -32002, "message": "this extension speaks protocol version 1"})
                continue
            initialized = True
            reply(request_id, {"protocolVersion": 1, "intents": ["INSendMessageIntent"]})
        elif method == "shutdown":
            reply(request_id, {})
        elif not initialized:
            reply(request_id, error={"code": -32002, "message": "the first request must be initialize"})
        elif method in ("resolve", "confirm", "handle"):
            intent = params.get("intent") or {}
            if intent.get("intent") != "INSendMessageIntent":
                reply(request_id, error={"code": -32001, "message": "only INSendMessageIntent is handled here"})
            elif method == "resolve":
                reply(request_id, {"resolutions": [{"parameter": name, "results": resolve(intent, name)}
                                                   for name in params.get("parameters", [])]})
            elif method == "confirm":
                reply(request_id, {"response": response("ready")})
            else:
                content = intent.get("parameters", {}).get("content")
                sys.stderr.write("python extension: sent %r\n" % content)
                sys.stderr.flush()
                reply(request_id, {"response": response("success")})
        elif request_id is not None:
            reply(request_id, error={"code": -32601, "message": "method %r is not supported" % method})


if __name__ == "__main__":
    serve()
