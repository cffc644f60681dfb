#pragma once
// What the enqueue calls share. Every command runs when it is enqueued, so its event is complete
// at once. A command does not wait for the events of its wait list: one that waits for a user
// event still runs at once (the fake keeps no queue of pending commands).
#include "IcdObjects.h"

namespace clw::fakecl {

// CL_SUCCESS, or the specification's error for a queue that is none or a wait list that does not
// fit it (CL_INVALID_EVENT_WAIT_LIST, CL_INVALID_CONTEXT).
cl_int checkEnqueue(cl_command_queue queue, cl_uint numEvents, const cl_event* waitList);

// A command that ran: its event, complete and with profiling times, when `event` asks for one.
void completeCommand(cl_command_queue queue, cl_command_type type, cl_event* event);

} // namespace clw::fakecl
