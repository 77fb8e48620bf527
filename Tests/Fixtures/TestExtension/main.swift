// An Intents extension for the hosting tests. Its first argument picks a behaviour; the default is a
// small, well-behaved messaging extension. See Tests/AssistantTests/ExtensionProcessTests.swift.
import ExtensionRuntime
import Foundation
import Intents

let arguments = Array(CommandLine.arguments.dropFirst())
let behaviour = arguments.first ?? "normal"
let value = arguments.count > 1 ? arguments[1] : ""

switch behaviour {
case "exit-at-start":
    FileHandle.standardError.write(Data("test extension: no configuration found\n".utf8))
    exit(3)
case "never-read":
    while true { sleep(60) }
case "slow-start":
    usleep(UInt32(Int(value) ?? 300) * 1000)
case "raw":
    RawPeer.run(misbehaviour: value)
default:
    break
}

await ExtensionMain.run(TestExtension(behaviour: behaviour, target: value))
