// Values a `static let` creates once and holds for the life of the process. LeakSanitizer on Linux reports them as
// leaked because Swift keeps the reference in a pointer's spare bits (Data's representation, indirect enum cases),
// where LSan's scan does not recognise a pointer: llvm/llvm-project#56751.
import Foundation

enum Table { static let bytes = Data("a value held for good by a static let".utf8) }
indirect enum Tree: Sendable { case leaf(String), node([String: Tree]) }
enum Shapes { static let tree = Tree.node(["a": .leaf("x"), "b": .node(["c": .leaf("y")])]) }

print(Table.bytes.count, Shapes.tree)
