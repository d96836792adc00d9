// The MPI search's messages and their receipt (checker/mpi/mpi_bfs.hpp,
// steps 2 and 3): each round's lists sent to the other ranks, fetched two
// rounds later, and received into the keeper threads' pending lists.
#include <algorithm>
#include <cstring>

#include "checker/mpi/mpi_bfs.hpp"
#include "checker/store/stream_copy.hpp"

namespace bc::mpi_search {

/// This round's successors for other ranks, straight from each thread's
/// list (no packing): one message per (rank, thread), empty ones included,
/// so a receiver knows how many to expect. The lists stay untouched until
/// free_slot(slot) says their sends are done.
void MpiBfs::post_sends(int slot) {
  std::vector<MPI_Request>& requests = sends_[static_cast<std::size_t>(slot)];
  for (int r = 0; r < ranks_; ++r) {
    if (r == rank_) continue;  // a rank's own successors never leave its memory
    for (std::size_t t = 0; t < workers_.size(); ++t) {
      const std::vector<Msg>& msgs = workers_[t].out[static_cast<std::size_t>(slot)][static_cast<std::size_t>(r)].msgs;
      MPI_Isend(msgs.data(), static_cast<int>(msgs.size() * sizeof(Msg)), MPI_BYTE, r, static_cast<int>(t), comm_,
                &requests.emplace_back());
    }
  }
}

/// Wait until the sends of `slot`'s lists are done, so they may be refilled.
void MpiBfs::free_slot(int slot) {
  std::vector<MPI_Request>& requests = sends_[static_cast<std::size_t>(slot)];
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  requests.clear();
}

/// The next round's successors from every other rank, appended to recv_
/// (one message per sending thread, in the order they were sent: MPI keeps
/// the order of messages from one rank with one tag). Blocks until they
/// have arrived.
void MpiBfs::fetch_remote() {
  for (int s = 0; s < ranks_; ++s) {
    if (s == rank_) continue;
    for (int t = 0; t < threads_of_[static_cast<std::size_t>(s)]; ++t) {
      MPI_Message message;
      MPI_Status status;
      MPI_Mprobe(s, t, comm_, &message, &status);
      int bytes = 0;
      MPI_Get_count(&status, MPI_BYTE, &bytes);
      const std::size_t n = static_cast<std::size_t>(bytes) / sizeof(Msg);
      if (recv_n_ + n > recv_capacity_) {  // grow, keeping what arrived (never initialised: MPI writes every byte)
        const std::size_t capacity = std::max(recv_n_ + n, recv_capacity_ * 2);
        std::unique_ptr<std::byte[]> bigger(new std::byte[capacity * sizeof(Msg)]);
        if (recv_n_ != 0) std::memcpy(bigger.get(), recv_bytes_.get(), recv_n_ * sizeof(Msg));
        recv_bytes_ = std::move(bigger);
        recv_capacity_ = capacity;
      }
      MPI_Mrecv(recv_msgs() + recv_n_, bytes, MPI_BYTE, &message, MPI_STATUS_IGNORE);
      recv_n_ += n;
    }
  }
}

/// Owner side: thread u takes the successors in its table shards that the
/// rank's threads set aside for it in the lists of `local_slot` (none if
/// negative), and those from the other ranks in recv_.
void MpiBfs::receive(int u, int local_slot) {
  Worker& w = workers_[static_cast<std::size_t>(u)];
  constexpr std::size_t kAhead = 16;  // table probes in flight
  if (local_slot >= 0)
    for (const Worker& from : workers_) {
      const std::vector<Msg>& msgs = from.out[static_cast<std::size_t>(local_slot)][static_cast<std::size_t>(ranks_ + u)].msgs;
      for (std::size_t j = 0; j < msgs.size(); ++j) {
        if (j + kAhead < msgs.size()) seen_.prefetch(msgs[j + kAhead].fp);
        receive_one(w, msgs[j]);
      }
    }
  const Msg* recv = recv_msgs();
  for (std::size_t j = 0; j < recv_n_; ++j) {  // from other ranks: every thread's shards
    if (j + kAhead < recv_n_ && keeper(recv[j + kAhead].fp) == u) seen_.prefetch(recv[j + kAhead].fp);
    if (keeper(recv[j].fp) == u) receive_one(w, recv[j]);
  }
  stream_fence();  // the states receive_one streamed to w.pending
}

/// A state new to the visited set is new in this level: it goes to the
/// pending list, tagged with the level's parity. One found with that tag may
/// be new in this level too: it is set aside for settle_repeats. Any other
/// is of an earlier level.
void MpiBfs::receive_one(Worker& w, const Msg& m) {
  if (bounds_.liveness) w.edges.push_back({static_cast<std::uint32_t>(m.key >> 8), m.fp});
  const ShardedSet::Found found = seen_.insert_tagged(m.fp, tag_);
  if (found == ShardedSet::Found::Fresh) {
    w.sorted.push_back({m.key, static_cast<std::uint32_t>(w.pending.size()) | (m.terminal != 0 ? kTerminalBit : 0u)});
    w.fresh_fps.push_back(m.fp);
    // Streamed: the level's states are far larger than the caches (receive() ends with stream_fence()).
    stream_copy(w.pending.at(w.pending.extend(1)), m);
  } else if (found == ShardedSet::Found::SameTag) {
    w.repeats.push_back(m);
  }
}

}  // namespace bc::mpi_search
