/// Everything a game's settings derive from ``GameSettings/declared``: bytes, their decoder,
/// `--set`, help and the fingerprint.
extension GameSettings {
  /// The settings as the declaration lays them out: the layout byte, then every option's
  /// bytes in order; no bytes at all for a game without options.
  public var declaredBytes: [UInt8] {
    let declared = Self.declared
    guard !declared.isEmpty else { return [] }
    var bytes = [Self.layout]
    for setting in declared { setting.write(self, &bytes) }
    return bytes
  }

  /// Decodes ``declaredBytes``, treating them as hostile: the length is checked against the
  /// declaration before any option is read, and every byte against its option's kind and
  /// range. Options start from their defaults (`Self()`).
  ///
  /// - Throws: ``SettingsBytesError`` naming the offset and the option of the first bad byte.
  public init(declaredBytes bytes: [UInt8]) throws(SettingsBytesError) {
    self.init()
    let declared = Self.declared
    guard !declared.isEmpty else {
      guard bytes.isEmpty else { throw .trailingBytes(atOffset: 0) }
      return
    }
    guard let layout = bytes.first else {
      throw .truncated(setting: declared[0].name, atOffset: 0)
    }
    guard layout == Self.layout else {
      throw .unsupportedLayout(found: layout, supported: Self.layout)
    }
    var offset = 1
    for setting in declared {
      guard bytes.count >= offset + setting.width else {
        throw .truncated(setting: setting.name, atOffset: bytes.count)
      }
      try setting.read(bytes, offset, &self)
      offset += setting.width
    }
    guard bytes.count == offset else { throw .trailingBytes(atOffset: offset) }
  }

  /// The options `--set NAME=VALUE` accepts, each with its help, accepted values and default:
  /// `("lives", "ships per game (1...99, default 3)")`.
  public static var options: [(name: String, help: String)] {
    let defaults = Self()
    return declared.map { setting in
      (
        setting.name,
        "\(setting.help) (\(setting.kind.valuesText), default \(setting.text(defaults)))"
      )
    }
  }

  /// Applies `--set name=value`.
  ///
  /// - Throws: ``SettingError/unknown(_:known:)`` for a name no option has,
  ///   ``SettingError/invalid(_:value:reason:)`` for a value outside the option's kind or range.
  public mutating func set(_ name: String, to value: String) throws(SettingError) {
    let declared = Self.declared
    guard let setting = declared.first(where: { $0.name == name }) else {
      throw .unknown(name, known: declared.map(\.name))
    }
    try setting.parse(value, &self)
  }

  /// The declaration as text, one line an option: what ``fingerprint`` hashes. Help text is
  /// left out (it may change freely); the layout, names, kinds, ranges, order and defaults
  /// are in.
  public static var declarationText: String {
    let defaults = Self()
    return
      (["layout \(layout)"]
      + declared.map { "\($0.name): \($0.kind.fingerprintText), default \($0.text(defaults))" })
      .joined(separator: "\n")
  }

  /// What is wrong with the declaration itself, naming the option, or nil: a name that
  /// `--set NAME=VALUE` cannot reach (empty, or holding `=`, `,` or a space), or one declared
  /// twice. ``Game/settingsRecordProblem(version:fingerprint:)`` reports it first.
  public static var declarationProblem: String? {
    var seen: [String] = []
    for setting in declared {
      if setting.name.isEmpty
        || setting.name.contains(where: { $0 == "=" || $0 == "," || $0.isWhitespace })
      {
        return "\(Self.self): the setting name '\(setting.name)' cannot be given as --set "
          + "NAME=VALUE; name it with letters, digits and '-'"
      }
      if seen.contains(setting.name) {
        return "\(Self.self) declares the setting '\(setting.name)' twice; --set reaches only the "
          + "first: rename or remove the other"
      }
      seen.append(setting.name)
    }
    return nil
  }

  /// A stable hash of ``declarationText`` as 16 hex digits: it changes exactly when the
  /// settings' format or defaults do. A game's tests pin it beside the rules version
  /// (``Game/settingsRecordProblem(version:fingerprint:)``).
  public static var fingerprint: String {
    var hasher = StableHasher()
    for byte in declarationText.utf8 { hasher.combine(byte) }
    return ReplayFormat.hex(hasher.finalized)
  }
}

extension GameSettings where Self: StableHashable {
  /// Feeds ``encoded`` to the hasher, byte by byte: equal settings, equal hash.
  public func stableHash(into hasher: inout StableHasher) {
    for byte in encoded { hasher.combine(byte) }
  }
}

extension Setting.Kind {
  /// What `--set` accepts: `1...99`, `none or 0...100000`, `yes or no`, `marathon or sprint`.
  var valuesText: String {
    switch self {
    case .number(let range): "\(range.lowerBound)...\(range.upperBound)"
    case .optionalNumber(let range): "none or \(range.lowerBound)...\(range.upperBound)"
    case .flag: "yes or no"
    case .choice(let choices): Setting<Void>.list(choices.map(\.name))
    }
  }

  /// The kind with everything that shapes its bytes: `choice marathon=0 sprint=1`.
  var fingerprintText: String {
    switch self {
    case .number(let range): "number \(range.lowerBound)...\(range.upperBound)"
    case .optionalNumber(let range): "optional number \(range.lowerBound)...\(range.upperBound)"
    case .flag: "flag"
    case .choice(let choices):
      "choice " + choices.map { "\($0.name)=\($0.raw)" }.joined(separator: " ")
    }
  }
}
