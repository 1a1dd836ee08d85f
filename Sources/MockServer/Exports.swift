/// The simulators and their host are the server's too: `import MockServer` keeps giving them.
@_exported public import Simulators
