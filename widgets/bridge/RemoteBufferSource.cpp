#include "bridge/RemoteBufferSource.h"

#include "bridge/HostConnection.h"
#include "bridge/HostReleaseBatch.h"
#include "bridge/HostStopped.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace clw::ui {

namespace {
// A read or write of a buffer window: generous, since a 1 GiB transfer on a slow device is slow.
constexpr std::chrono::seconds kTransferLimit{120};

HostConnection::Options transfer(const char* what) {
    HostConnection::Options options;
    options.limit = kTransferLimit;
    options.what = QString::fromLatin1(what);
    return options;
}
} // namespace

RemoteBufferSource::RemoteBufferSource(std::shared_ptr<HostConnection> host,
                                       const engine::wire::LentBuffer& lent)
    : m_host(std::move(host))
    , m_handle(lent.handle())
    , m_size(lent.size())
    , m_description(lent.description())
    // Empty and zero when a buffer has none (an image's).
    , m_naturalType(lent.natural_type())
    , m_width(lent.width())
    , m_height(lent.height()) {}

RemoteBufferSource::~RemoteBufferSource() {
    if (HostReleaseBatch* batch = HostReleaseBatch::current())
        batch->add(m_host, m_handle);
    else
        HostReleaseBatch::release(*m_host, {m_handle});
}

void RemoteBufferSource::read(std::uint64_t offset, std::span<unsigned char> out) const {
    checkRange(offset, out.size());
    engine::HostMessage reply =
        m_host
            ->request("buffer.read",
                      {{"handle", m_handle}, {"offset", offset}, {"length", out.size()}}, {},
                      transfer("reading a buffer for the inspector"))
            .reply.get();
    if (reply.bulk.size() != out.size())
        throw std::runtime_error("the device host sent " + std::to_string(reply.bulk.size()) +
                                 " bytes for a read of " + std::to_string(out.size()));
    std::copy(reply.bulk.begin(), reply.bulk.end(), out.begin());
}

void RemoteBufferSource::write(std::uint64_t offset, std::span<const unsigned char> bytes) {
    checkRange(offset, bytes.size());
    m_host
        ->request("buffer.write", {{"handle", m_handle}, {"offset", offset}},
                  {bytes.begin(), bytes.end()}, transfer("writing a buffer"))
        .reply.get();
}

bool RemoteBufferSource::fillPattern(std::span<const unsigned char> pattern, std::uint64_t offset,
                                     std::uint64_t size) {
    checkRange(offset, size);
    const engine::HostMessage reply =
        m_host
            ->request("buffer.fill", {{"handle", m_handle}, {"offset", offset}, {"size", size}},
                      {pattern.begin(), pattern.end()}, transfer("filling a buffer"))
            .reply.get();
    return reply.body.at("filled").get<bool>();
}

std::shared_ptr<BufferSource> RemoteBufferSource::snapshot() const {
    const engine::HostMessage reply =
        m_host->request("buffer.snapshot", {{"handle", m_handle}}, {}, transfer("copying a buffer"))
            .reply.get();
    engine::wire::LentBuffer lent;
    if (!lent.ParseFromString(reply.typed))
        throw std::runtime_error("the device host sent a buffer copy's reply that is not the "
                                 "protocol's LentBuffer");
    return std::make_shared<RemoteBufferSource>(m_host, lent);
}

std::string RemoteBufferSource::lostReason() const {
    if (!m_host->isStopped())
        return {};
    // The stop's first sentence alone: the inspector goes on after it ("These contents...").
    QString stop = m_host->stoppedMessage().section(QLatin1Char('\n'), 0, 0);
    if (stop.endsWith(QLatin1String(kLastWordsHeading)))
        stop.chop(qsizetype(std::strlen(kLastWordsHeading)));
    return stop.toStdString();
}

} // namespace clw::ui
