#include "editor/language/LspFraming.h"

#include <QList>

namespace clw::ui {

QByteArray LspFraming::frame(const nlohmann::json& message) {
    // Text that is not UTF-8 becomes U+FFFD rather than an exception: the caller's QStrings are
    // always valid, but a header's bytes read byte-wise need not be.
    const std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    QByteArray framed =
        "Content-Length: " + QByteArray::number(qsizetype(body.size())) + "\r\n\r\n";
    framed.append(body.data(), qsizetype(body.size()));
    return framed;
}

void LspFraming::reset() {
    m_buffer.clear();
    m_broken = false;
}

nlohmann::json LspFraming::parse(const QByteArray& body) {
    nlohmann::json message =
        nlohmann::json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    if (!message.is_discarded() && !message.is_object())
        return nlohmann::json(nlohmann::json::value_t::discarded);
    return message;
}

LspFraming::Feed LspFraming::feed(const QByteArray& bytes) {
    Feed result;
    for (const QByteArray& body : split(bytes, &result.error)) {
        nlohmann::json message = parse(body);
        if (message.is_discarded()) {
            result.error = notAnObject();
            m_broken = true;
            m_buffer.clear();
            break;
        }
        result.messages.push_back(std::move(message));
    }
    return result;
}

std::vector<QByteArray> LspFraming::split(const QByteArray& bytes, QString* error) {
    struct {
        std::vector<QByteArray> messages;
        QString error;
    } result;
    if (m_broken)
        return {};
    m_buffer.append(bytes);
    qsizetype consumed = 0;
    while (true) {
        const qsizetype headerEnd = m_buffer.indexOf("\r\n\r\n", consumed);
        if (headerEnd < 0) {
            if (m_buffer.size() - consumed > 4096)
                result.error = QStringLiteral("a message header longer than 4 KiB");
            break;
        }
        qsizetype length = -1;
        const QList<QByteArray> headers = m_buffer.mid(consumed, headerEnd - consumed).split('\n');
        for (const QByteArray& raw : headers) {
            const QByteArray header = raw.trimmed();
            const qsizetype colon = header.indexOf(':');
            if (colon < 0) {
                result.error = QStringLiteral("a malformed header line: %1")
                                   .arg(QString::fromLatin1(header.left(80)));
                break;
            }
            if (header.left(colon).trimmed().compare("Content-Length", Qt::CaseInsensitive) == 0) {
                bool ok = false;
                length = header.mid(colon + 1).trimmed().toLongLong(&ok);
                if (!ok || length < 0 || length > kMaxMessageBytes) {
                    result.error =
                        QStringLiteral("a bad Content-Length: %1")
                            .arg(QString::fromLatin1(header.mid(colon + 1).trimmed().left(40)));
                    break;
                }
            }
        }
        if (!result.error.isEmpty())
            break;
        if (length < 0) {
            result.error = QStringLiteral("a message without Content-Length");
            break;
        }
        const qsizetype bodyStart = headerEnd + 4;
        if (m_buffer.size() - bodyStart < length)
            break; // the rest of the body is still on its way
        result.messages.push_back(m_buffer.mid(bodyStart, length));
        consumed = bodyStart + length;
    }
    m_buffer.remove(0, consumed);
    if (!result.error.isEmpty()) {
        m_broken = true;
        m_buffer.clear();
    }
    *error = result.error;
    return result.messages;
}

} // namespace clw::ui
