import AccessorGen
import Foundation

// The L10nAccessors plugin's generator; AccessorCommand documents the arguments and exit codes.
let status = AccessorCommand.run(Array(CommandLine.arguments.dropFirst())) { message in
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
exit(status)
