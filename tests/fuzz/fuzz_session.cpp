// The session reader (.clwb JSON of every version, with its migrations). A session that reads
// must write and read back equal, and writing it again must give the same bytes.
#include "FuzzCheck.h"

#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionFile.h"

#include <cstdint>
#include <string>

using clw::engine::SessionError;
using clw::engine::SessionFile;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    SessionFile::ReadResult first;
    try {
        first = SessionFile::parse(text, "fuzz.clwb");
    } catch (const SessionError&) {
        return 0; // refused, as it should be: anything else thrown is a finding
    }
    const std::string written = SessionFile::serialize(first.session);
    SessionFile::ReadResult second;
    try {
        second = SessionFile::parse(written, "written.clwb");
    } catch (const SessionError& error) {
        clw::fuzz::fail(std::string("a session that read does not read back once written: ") +
                        error.what() + "\n" + written);
    }
    clw::fuzz::require(second.session == first.session,
                       "a session read back differs from the one written:\n" + written);
    clw::fuzz::require(SessionFile::serialize(second.session) == written,
                       "writing a session read back gives other bytes:\n" + written);
    return 0;
}
