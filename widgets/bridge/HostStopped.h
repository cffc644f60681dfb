#pragma once
// Why a request to a device host has no reply: the host stopped (it crashed, exited, or was
// ended by the watchdog or by Stop), or it answered with a failure. Both reach a job as
// exceptions, which the bridge turns into error values (DESIGN.md §4).
#include <stdexcept>
#include <string>

namespace clw::ui {

// The host process is gone; what() says which host, while doing what, how it ended, and the last
// lines it wrote to stderr.
class HostStopped : public std::runtime_error {
public:
    explicit HostStopped(const std::string& message)
        : std::runtime_error(message) {}
};

// How the host's fatal-signal report begins its stack on stderr ("clworkbench-host: Segmentation
// fault; the stack of the thread it hit:"): the workbench tells the last words from the stack by
// it.
inline constexpr const char* kStackHeading = "; the stack of the thread it hit:";

// How a host's stop message (HostStopped::what()) brings the host's last lines of stderr after
// its first sentence, and, after them, the stack where a fatal signal hit it: the words' heading
// ends the first line, the stack's has a line of its own ("... (SIGSEGV). Its last
// words:\n<lines>\nWhere it stopped:\n<frames>").
inline constexpr const char* kLastWordsHeading = " Its last words:";
inline constexpr const char* kStackPlaceHeading = "Where it stopped:";

// How an editor's build says what it builds ("building `k.cl` for the editor"), after the words a
// session's build of the same file uses: a stop that holds both says them once.
inline constexpr const char* kForTheEditor = " for the editor";

// The failure's text for a queued request that a newer one with the same tag replaced.
inline constexpr const char* kReplacedByNewerRequest = "replaced by a newer request";

// The failure's text for a session request that names a revision of the session's document the
// host does not hold (a new host, or another document since): the workbench sends it again with
// the document.
inline constexpr const char* kSessionDocumentNeeded = "the session's document is needed";

// The host ran the request and it failed there (a ClError, a bad session): what() is its text.
class HostRequestFailed : public std::runtime_error {
public:
    explicit HostRequestFailed(const std::string& message)
        : std::runtime_error(message) {}
};

} // namespace clw::ui
