#include "bridge/HostReply.h"

#include "bridge/HostReplyReader.h"

namespace clw::ui {

HostReply::HostReply(std::future<engine::HostMessage> future,
                     std::shared_ptr<HostReplyReader> reader)
    : m_future(std::move(future))
    , m_reader(std::move(reader)) {}

engine::HostMessage HostReply::get() {
    if (m_reader)
        m_reader->readUntilReady(m_future);
    return m_future.get();
}

} // namespace clw::ui
