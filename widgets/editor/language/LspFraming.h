#pragma once
// The Language Server Protocol's framing: each message is a JSON text after a
// "Content-Length: N\r\n\r\n" header. Messages are nlohmann JSON values (the project's one JSON
// library); nothing here knows what a message means.
#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <vector>

namespace clw::ui {

class LspFraming {
public:
    // The largest message accepted from a server: a completion or a file's semantic tokens are a
    // few hundred KiB; anything past this is a broken stream, not a message.
    static constexpr qsizetype kMaxMessageBytes = 64 * 1024 * 1024;

    struct Feed {
        std::vector<nlohmann::json> messages;
        QString error; // the stream is broken (a bad header or JSON); nothing more can be read
    };

    // One message, framed.
    static QByteArray frame(const nlohmann::json& message);

    // Takes the next bytes of the stream; returns every message completed by them. After an
    // error the rest of the stream is ignored until reset().
    Feed feed(const QByteArray& bytes);
    // The same, with the messages' JSON texts left unread (for the caller to read them where it
    // likes: a long one on another thread).
    std::vector<QByteArray> split(const QByteArray& bytes, QString* error);
    // One message's JSON text read; a discarded value (is_discarded()) when it is not an object.
    static nlohmann::json parse(const QByteArray& body);
    static QString notAnObject() { return QStringLiteral("a message that is not a JSON object"); }
    void reset();

private:
    QByteArray m_buffer;
    bool m_broken = false;
};

} // namespace clw::ui
