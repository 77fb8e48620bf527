import Foundation

/// What an app opened for a hand-off may reach of the user's display, and nothing more of the session:
/// the X11 sockets (`/tmp/.X11-unix`, `DISPLAY`, and the `XAUTHORITY` cookie file read-only), the Wayland
/// socket (`$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY` alone, not the rest of the runtime folder).
struct DisplayAccess: Sendable, Equatable {
    /// Variables the program gets.
    var environment: [String: String] = [:]
    /// Sockets (or their folder) shown read-write.
    var sockets: [String] = []
    /// Files shown read-only.
    var files: [String] = []

    /// The display of the session the assistant runs in, as `inherited` names it; empty without one.
    init(inherited: [String: String]) {
        let manager = FileManager.default
        if let display = inherited["DISPLAY"], !display.isEmpty {
            environment["DISPLAY"] = display
            if manager.fileExists(atPath: "/tmp/.X11-unix") { sockets.append("/tmp/.X11-unix") }
            if let cookie = inherited["XAUTHORITY"], cookie.hasPrefix("/"), manager.fileExists(atPath: cookie) {
                environment["XAUTHORITY"] = cookie
                files.append(cookie)
            }
        }
        if let wayland = inherited["WAYLAND_DISPLAY"], !wayland.isEmpty {
            let runtime = inherited["XDG_RUNTIME_DIR"] ?? ""
            let socket = wayland.hasPrefix("/") ? wayland : runtime + "/" + wayland
            if socket.hasPrefix("/"), manager.fileExists(atPath: socket) {
                environment["WAYLAND_DISPLAY"] = wayland
                if !runtime.isEmpty { environment["XDG_RUNTIME_DIR"] = runtime }
                sockets.append(socket)
            }
        }
    }
}
