internal import JSONCore

/// Draws a string matching a regular expression of the subset schemas use: literals, escapes (`\d \w \s`),
/// classes (`[a-z0-9_]`, `[^…]`), `.`, groups with alternatives, quantifiers (`? * + {n} {n,} {n,m}`) and
/// anchors. Anything else (look-around, back-references) gives nil, and the caller falls back.
enum PatternGenerator {
    indirect enum Node {
        case characters([Character], negated: Bool)
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, min: Int, max: Int)
    }

    static func string(_ pattern: String, random: inout SeededGenerator) -> String? {
        var parser = Parser(characters: Array(pattern))
        guard let node = parser.alternatives(), parser.index == parser.characters.count else { return nil }
        var output = ""
        generate(node, into: &output, random: &random)
        return output
    }

    static let printable: [Character] = (0x21...0x7E).compactMap { Unicode.Scalar($0).map(Character.init) }

    private static func generate(_ node: Node, into output: inout String, random: inout SeededGenerator) {
        switch node {
        case .characters(let set, let negated):
            if negated {
                let allowed = printable.filter { !set.contains($0) && $0.isLetter }
                output.append(random.pick(allowed) ?? "a")
            } else {
                output.append(random.pick(set) ?? "a")
            }
        case .sequence(let nodes):
            for child in nodes { generate(child, into: &output, random: &random) }
        case .alternatives(let nodes):
            if let choice = random.pick(nodes) { generate(choice, into: &output, random: &random) }
        case .repeated(let child, let low, let high):
            for _ in 0..<random.int(low...max(low, high)) { generate(child, into: &output, random: &random) }
        }
    }

    struct Parser {
        let characters: [Character]
        var index = 0

        var current: Character? { index < characters.count ? characters[index] : nil }

        mutating func alternatives() -> Node? {
            var branches: [Node] = []
            repeat {
                if current == "|" { index += 1 }
                guard let branch = sequence() else { return nil }
                branches.append(branch)
            } while current == "|"
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        mutating func sequence() -> Node? {
            var nodes: [Node] = []
            while let character = current, character != "|", character != ")" {
                if character == "^" || character == "$" {
                    index += 1
                    continue
                }
                guard let atom = atom(), let quantified = quantified(atom) else { return nil }
                nodes.append(quantified)
            }
            return .sequence(nodes)
        }

        mutating func atom() -> Node? {
            guard let character = current else { return nil }
            index += 1
            switch character {
            case "(":
                if current == "?" {
                    guard index + 1 < characters.count, characters[index + 1] == ":" else { return nil }
                    index += 2
                }
                guard let inner = alternatives(), current == ")" else { return nil }
                index += 1
                return inner
            case "[": return characterClass()
            case ".": return .characters(Array("abcdefghijklmnopqrstuvwxyz"), negated: false)
            case "\\": return escape()
            case "*", "+", "?", "{", ")": return nil
            default: return .characters([character], negated: false)
            }
        }

        mutating func escape() -> Node? {
            guard let character = current else { return nil }
            index += 1
            switch character {
            case "d": return .characters(Array("0123456789"), negated: false)
            case "w": return .characters(Array("abcdefghijklmnopqrstuvwxyz0123456789_"), negated: false)
            case "s": return .characters([" "], negated: false)
            case "D", "W", "S", "b", "B", "1", "2", "3", "4", "5", "6", "7", "8", "9": return nil
            case "n": return .characters(["\n"], negated: false)
            case "t": return .characters(["\t"], negated: false)
            default: return .characters([character], negated: false)
            }
        }

        mutating func characterClass() -> Node? {
            var negated = false
            if current == "^" {
                negated = true
                index += 1
            }
            var set: [Character] = []
            var first = true
            while let character = current, character != "]" || first {
                first = false
                index += 1
                var low = character
                if character == "\\" {
                    guard let escaped = current else { return nil }
                    index += 1
                    switch escaped {
                    case "d":
                        set += Array("0123456789")
                        continue
                    case "w":
                        set += Array("abcdefghijklmnopqrstuvwxyz0123456789_")
                        continue
                    case "s":
                        set.append(" ")
                        continue
                    default: low = escaped
                    }
                }
                if current == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                    let high = characters[index + 1]
                    index += 2
                    guard let start = low.unicodeScalars.first?.value, let end = high.unicodeScalars.first?.value,
                        start <= end, end - start < 0x3000
                    else { return nil }
                    set += (start...end).compactMap { Unicode.Scalar($0).map(Character.init) }
                } else {
                    set.append(low)
                }
            }
            guard current == "]" else { return nil }
            index += 1
            return .characters(set, negated: negated)
        }

        mutating func quantified(_ atom: Node) -> Node? {
            switch current {
            case "?":
                index += 1
                return .repeated(atom, min: 0, max: 1)
            case "*":
                index += 1
                return .repeated(atom, min: 0, max: 4)
            case "+":
                index += 1
                return .repeated(atom, min: 1, max: 5)
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return nil }
                let body = String(characters[(index + 1)..<close])
                let bounds = body.split(separator: ",", omittingEmptySubsequences: false)
                guard let low = bounds.first.flatMap({ Int($0) }), low <= 64 else { return nil }
                var high = low
                if bounds.count > 1 { high = Int(bounds[1]).map { min($0, low + 8) } ?? low + 4 }
                guard high >= low else { return nil }
                index = close + 1
                return .repeated(atom, min: low, max: high)
            default:
                return atom
            }
        }
    }
}
