import Foundation

/// An OpenAPI 3.1 document (as JSON objects) that checks real responses against the schemas it
/// declares: the subset of JSON Schema our document uses ($ref, type, const, enum, required,
/// properties, additionalProperties, items, minimum, minLength, maxLength).
package struct OpenAPIDocument {
    package let root: [String: Any]

    /// Reads YAML through Python's yaml module (installed by .ci/run for the generators).
    package init(yaml: Data) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(yaml)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Problem("the OpenAPI document is not valid YAML")
        }
        self.root = root
    }

    package struct Problem: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    /// The problems of a response body against what the document declares for `method path` with `status`
    /// (`path` as the document writes it, "/v1/conversations/{id}"); empty when it conforms.
    package func problems(of body: Any?, method: String, path: String, status: Int) -> [String] {
        guard let paths = root["paths"] as? [String: Any], let item = paths[path] as? [String: Any] else {
            return ["the document has no path \(path)"]
        }
        guard let operation = item[method.lowercased()] as? [String: Any],
              let responses = operation["responses"] as? [String: Any] else {
            return ["the document has no \(method) \(path)"]
        }
        guard var response = responses[String(status)] as? [String: Any] else {
            return ["the document declares no \(status) for \(method) \(path)"]
        }
        if let reference = response["$ref"] as? String, let resolved = resolve(reference) { response = resolved }
        guard let content = response["content"] as? [String: Any] else {
            return body == nil ? [] : ["\(method) \(path) \(status) declares no body but one was sent"]
        }
        guard let json = content["application/json"] as? [String: Any], let schema = json["schema"] as? [String: Any] else {
            return ["\(method) \(path) \(status) has no JSON schema"]
        }
        return check(body as Any, against: schema, at: "body")
    }

    private func resolve(_ reference: String) -> [String: Any]? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Any = root
        for part in reference.dropFirst(2).split(separator: "/") {
            guard let object = node as? [String: Any], let next = object[String(part)] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }

    private func check(_ value: Any, against schema: [String: Any], at place: String) -> [String] {
        if let reference = schema["$ref"] as? String {
            guard let resolved = resolve(reference) else { return ["\(place): unresolvable \(reference)"] }
            return check(value, against: resolved, at: place)
        }
        var problems: [String] = []
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [(type as? String) ?? ""]
            if !types.contains(where: { Self.value(value, is: $0) }) {
                return ["\(place): \(Self.describe(value)) is not \(types.joined(separator: " or "))"]
            }
        }
        if let constant = schema["const"], !Self.equal(constant, value) { problems.append("\(place): not \(constant)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal($0, value) }) {
            problems.append("\(place): \(Self.describe(value)) is not one of \(options)")
        }
        if let string = value as? String {
            if let least = schema["minLength"] as? Int, string.count < least { problems.append("\(place): shorter than \(least)") }
            if let most = schema["maxLength"] as? Int, string.count > most { problems.append("\(place): longer than \(most)") }
        }
        if let number = value as? NSNumber, !(value is Bool), let minimum = schema["minimum"] as? Double, number.doubleValue < minimum {
            problems.append("\(place): below \(minimum)")
        }
        if let object = value as? [String: Any] {
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append("\(place): lacks \(name)")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (name, field) in object {
                if let declared = properties[name] as? [String: Any] {
                    problems += check(field, against: declared, at: "\(place).\(name)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    problems += check(field, against: additional, at: "\(place).\(name)")
                } else if let additional = schema["additionalProperties"] as? Bool, !additional {
                    problems.append("\(place): \(name) is not declared")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() { problems += check(element, against: items, at: "\(place)[\(index)]") }
        }
        return problems
    }

    private static func value(_ value: Any, is type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBoolean(value)
        case "integer": return !isBoolean(value) && (value as? NSNumber).map { $0.doubleValue.rounded() == $0.doubleValue } == true
        case "number": return !isBoolean(value) && value is NSNumber
        default: return false
        }
    }

    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        (a as? NSObject)?.isEqual(b) ?? false
    }

    private static func describe(_ value: Any) -> String {
        let text = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
