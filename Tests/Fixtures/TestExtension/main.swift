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
case "app-vocabulary":
    // Acts as an app's main program: app-vocabulary TYPE [STRING…] sets; app-vocabulary clear removes all;
    // app-vocabulary burst TYPE N sets N times in a row, the last time ["Runner <pid> number N"].
    AppVocabulary.run(Array(arguments.dropFirst()))
default:
    break
}

await ExtensionMain.run(TestExtension(behaviour: behaviour, target: value))
