import Foundation

/// Runs the built `GameApp` binary in a child process, for tests of the command line itself:
/// its output, its exit codes, and determinism across processes.
struct CommandRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The binary next to the test bundle (`.build/<config>/GameApp`).
  static let executable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // The test bundle may be a directory (macOS) or a file (Linux) inside the build folder.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("GameApp").path),
      directory.path != "/"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("GameApp")
  }()

  /// Runs the binary with `arguments`; `environment` replaces the test's own when given, and
  /// `directory` is its working directory when given. With `viaShell`, `arguments` is a whole
  /// command line whose first word is the program (`/bin/sh -c ...`, to set a limit before the
  /// binary starts).
  static func run(
    _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
    viaShell: Bool = false
  ) throws -> Result {
    let process = Process()
    process.executableURL = viaShell ? URL(fileURLWithPath: arguments[0]) : executable
    process.arguments = viaShell ? Array(arguments.dropFirst()) : arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs the binary with its standard output on `output` (a file, or a pipe nobody reads);
  /// returns the status and what it wrote to stderr.
  static func run(_ arguments: [String], output: Any) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let err = Pipe()
    process.standardOutput = output
    process.standardError = err
    try process.run()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
  }

  /// The test's environment without a display or an SDL driver choice, plus `extra`: what a
  /// server or a CI job gives the app.
  static func withoutDisplay(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"] {
      environment[name] = nil
    }
    return environment.merging(extra) { $1 }
  }

  /// The JSON object a `--json` run printed.
  static func json(_ result: Result) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return object as? [String: Any] ?? [:]
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gameapp-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
