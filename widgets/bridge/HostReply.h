#pragma once
// The reply to a request to a device host, as a future whose get() reads the channel itself while
// nobody else does (HostReplyReader): the reply then wakes the thread that waits for it, not a
// reader thread that would wake it in turn.
#include "clw/engine/protocol/HostMessage.h"

#include <future>
#include <memory>

namespace clw::ui {

class HostReplyReader;

class HostReply {
public:
    HostReply() = default;
    HostReply(std::future<engine::HostMessage> future, std::shared_ptr<HostReplyReader> reader);

    // Blocks until the reply came; throws HostStopped or HostRequestFailed.
    engine::HostMessage get();

private:
    std::future<engine::HostMessage> m_future;
    std::shared_ptr<HostReplyReader> m_reader; // null: the future alone
};

} // namespace clw::ui
