#pragma once
// A language server of a few lines of Python, for tests of how the editor's client copes with a
// server: it reads each message, answers "initialize" with no capabilities, then runs
// `afterInitialize` (Python lines indented by eight spaces, which may call send(message)) and
// answers nothing else.
#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace clw::test {

inline const char* const kFakeLanguageServerStart = R"py(#!/usr/bin/env python3
import json, sys
def send(message):
    body = json.dumps(message).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    sys.stdout.buffer.flush()
while True:
    length = 0
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            sys.exit(0)
        if line.strip() == b"":
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    message = json.loads(sys.stdin.buffer.read(length))
    if message.get("method") == "initialize":
        send({"jsonrpc": "2.0", "id": message["id"], "result": {"capabilities": {}}})
)py";

// Writes the server as the executable `name` in `folder`; its path, or empty when it could not.
inline QString writeFakeLanguageServer(const QTemporaryDir& folder, const QString& name,
                                       const char* afterInitialize = "") {
    QFile script(folder.filePath(name));
    if (!script.open(QIODevice::WriteOnly))
        return {};
    script.write(QByteArray(kFakeLanguageServerStart) + afterInitialize);
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return script.fileName();
}

} // namespace clw::test
