import Foundation
import HTTPTypes
import Hummingbird

/// The web page and the OpenAPI description, read once from the target's resources.
struct WebResources: Sendable {
    struct File: Sendable {
        let data: Data
        let contentType: String
    }

    private let files: [String: File]

    /// The exact paths the files are served at.
    var paths: Set<String> { Set(files.keys) }

    /// Loads every file of `Resources/Web` and the OpenAPI file.
    static func load() throws -> WebResources {
        guard let web = Bundle.module.url(forResource: "Web", withExtension: nil),
              let openAPI = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw ServerSetupError("the web page's files are missing from this build (AssistantServer resources)")
        }
        var files: [String: File] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: web.path)
        for name in names {
            let data = try Data(contentsOf: web.appendingPathComponent(name))
            files["/" + name] = File(data: data, contentType: contentType(of: name))
        }
        files["/"] = files["/index.html"]
        files["/maps"] = files["/maps.html"]
        files["/openapi.yaml"] = File(data: try Data(contentsOf: openAPI), contentType: "application/yaml; charset=utf-8")
        return WebResources(files: files)
    }

    private static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }

    /// Serves each file at its path, with a content security policy that allows nothing from elsewhere.
    func register<Context: RequestContext>(on router: Router<Context>) {
        for (path, file) in files {
            router.get(RouterPath(path)) { _, _ in
                var headers = HTTPFields()
                headers[.contentType] = file.contentType
                headers[.cacheControl] = "no-cache"
                headers[.contentSecurityPolicy] = "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                    + "style-src 'self'; script-src 'self'; frame-ancestors 'none'"
                if let name = HTTPField.Name("X-Content-Type-Options") { headers[name] = "nosniff" }
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.data)))
            }
        }
    }
}
