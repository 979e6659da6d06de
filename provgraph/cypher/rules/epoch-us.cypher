// Time `time` as integer epoch microseconds (null stays null): how status rows return their times, because the
// driver builds a zoned DateTime in pure Python (~0.26 ms each here); provgraph.base.values.from_epoch_us reads it.
// arguments: time
time.epochSeconds * 1000000 + time.microsecond
